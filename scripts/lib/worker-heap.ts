// The worker's V8 heap is capped. An import or a sync sends each batch to PostgreSQL as one JSON
// parameter of a few megabytes; such strings live in V8's large-object space, which only a full
// garbage collection frees, and with no cap V8 lets hundreds of megabytes of them pile up before
// it runs one. The live heap of a worker importing stays flat (about 150 MiB), so a cap of 512 MiB
// costs nothing but keeps the resident set close to what is really used.
export const WORKER_MAX_OLD_SPACE_MB = 512;

export const WORKER_NODE_FLAGS = [`--max-old-space-size=${WORKER_MAX_OLD_SPACE_MB}`];
