-- Hand-written SQL: the e-mail threads' rules that schema.prisma cannot state.

-- Nylas's id of a thread is never blank: it is what a later update finds the thread by.
ALTER TABLE "email_threads" ADD CONSTRAINT "email_threads_provider_thread_id_check" CHECK ("provider_thread_id" <> '');

-- The participants are a JSON list ([{email, name}]), never another JSON value.
ALTER TABLE "email_threads" ADD CONSTRAINT "email_threads_participants_check" CHECK (jsonb_typeof("participants") = 'array');

-- A thread holds its message ids (maybe none yet) and counts them.
ALTER TABLE "email_threads" ADD CONSTRAINT "email_threads_message_count_check" CHECK (
  "message_ids" IS NOT NULL AND "message_count" >= 0 AND "message_count" = cardinality("message_ids")
);
