-- CreateTable
CREATE TABLE "email_threads" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "connection_id" TEXT NOT NULL,
    "provider_thread_id" TEXT NOT NULL,
    "subject" TEXT,
    "snippet" TEXT,
    "participants" JSONB NOT NULL,
    "last_message_at" TIMESTAMPTZ(3),
    "unread" BOOLEAN NOT NULL DEFAULT false,
    "message_ids" TEXT[],
    "message_count" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "email_threads_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_thread_contacts" (
    "organization_id" TEXT NOT NULL,
    "thread_id" TEXT NOT NULL,
    "contact_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_thread_contacts_pkey" PRIMARY KEY ("thread_id","contact_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "email_threads_organization_id_id_key" ON "email_threads"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "email_threads_organization_id_connection_id_provider_thread_key" ON "email_threads"("organization_id", "connection_id", "provider_thread_id");

-- CreateIndex
CREATE INDEX "email_thread_contacts_organization_id_contact_id_idx" ON "email_thread_contacts"("organization_id", "contact_id");

-- AddForeignKey
ALTER TABLE "email_threads" ADD CONSTRAINT "email_threads_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_threads" ADD CONSTRAINT "email_threads_organization_id_connection_id_fkey" FOREIGN KEY ("organization_id", "connection_id") REFERENCES "connections"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_thread_contacts" ADD CONSTRAINT "email_thread_contacts_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_thread_contacts" ADD CONSTRAINT "email_thread_contacts_organization_id_thread_id_fkey" FOREIGN KEY ("organization_id", "thread_id") REFERENCES "email_threads"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_thread_contacts" ADD CONSTRAINT "email_thread_contacts_organization_id_contact_id_fkey" FOREIGN KEY ("organization_id", "contact_id") REFERENCES "contacts"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;
