// The worker's V8 heap is capped. An import or a sync sends each batch to PostgreSQL as one JSON
// parameter of a few megabytes; such strings live in V8's large-object space, which only a full
// garbage collection frees, and with no cap V8 lets hundreds of megabytes of them pile up before
// it runs one: the resident set grows by what the heap may hold beyond the live set. The live heap
// of the API and a worker importing, together, stays flat at about 225 MiB, so a cap of 384 MiB
// leaves room to spare and keeps an import within 200 MiB of the idle process (bench/import-contacts).
export const WORKER_MAX_OLD_SPACE_MB = 384;

export const WORKER_NODE_FLAGS = [`--max-old-space-size=${WORKER_MAX_OLD_SPACE_MB}`];
