import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  EntityType,
  ErrorCode,
  LinksProfileMessage,
  linksProfilePath,
  newId,
  type LinksProfileContact,
  type LinksProfileView,
  type ProfessionalLinksProfile,
  type PublicLinksProfile,
  type SaveLinksProfile,
} from '@meridian/domain';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import {
  currentOrganizationId,
  runAsOrganization,
  type AuthenticatedCaller,
} from '../../../common/tenancy/request-context.js';
import { SystemPrisma, TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { WindowLimiter, type WindowRule } from '../../../infra/redis/window-limiter.js';
import { AuditService } from '../../platform/audit/index.js';
import { ProfessionalsService } from '../../platform/professionals/index.js';
import { FilesService } from '../../platform/files/index.js';
import { ContactsService } from '../contacts/index.js';
import { NotesWriter } from '../../practice/notes/index.js';
import type { TenantTransaction } from '../../../common/tenancy/tenant-transaction.js';
import { ContactFormStamp } from './contact-form-stamp.js';

const PROFILE_SELECT = {
  id: true,
  professionalId: true,
  slug: true,
  published: true,
  links: { select: { id: true, type: true, url: true, label: true }, orderBy: { position: 'asc' } },
} as const;

function slugTaken(): DomainError {
  return new DomainError(ErrorCode.CONFLICT, LinksProfileMessage.slugTaken, [
    { path: 'slug', message: LinksProfileMessage.slugTaken },
  ]);
}

function pageNotFound(): DomainError {
  return new DomainError(ErrorCode.NOT_FOUND, LinksProfileMessage.pageNotFound);
}

function refused(message: string, path: string): DomainError {
  return new DomainError(ErrorCode.VALIDATION_ERROR, message, [{ path, message }]);
}

/**
 * A professional's links profile: managed by its professional (or an administrator), shown to
 * anyone at /p/<slug> once published, and its contact form, whose messages become leads of source
 * LINKS_PROFILE in the professional's team, created through the contacts service.
 */
@Injectable()
export class LinksProfilesService {
  private readonly stamp: ContactFormStamp;
  private readonly perClient: WindowRule;
  private readonly perProfile: WindowRule;

  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(SystemPrisma) private readonly system: SystemPrisma,
    @Inject(ProfessionalsService) private readonly professionals: ProfessionalsService,
    @Inject(FilesService) private readonly files: FilesService,
    @Inject(ContactsService) private readonly contacts: ContactsService,
    @Inject(NotesWriter) private readonly notes: NotesWriter,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(WindowLimiter) private readonly limiter: WindowLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.stamp = new ContactFormStamp(config);
    this.perClient = {
      name: 'links-contact-client',
      max: config.LINKS_CONTACT_MAX_PER_CLIENT,
      windowSeconds: config.LINKS_CONTACT_CLIENT_WINDOW_SECONDS,
      refusal: LinksProfileMessage.tooManyFromClient,
    };
    this.perProfile = {
      name: 'links-contact-profile',
      max: config.LINKS_CONTACT_MAX_PER_PROFILE,
      windowSeconds: config.LINKS_CONTACT_PROFILE_WINDOW_SECONDS,
      refusal: LinksProfileMessage.tooManyForProfile,
    };
  }

  // ─── Management ─────────────────────────────────────────────────────────────────────────────

  async ofProfessional(caller: AuthenticatedCaller, professionalId: string): Promise<ProfessionalLinksProfile> {
    await this.professionals.assertMayChange(caller, professionalId);
    const row = await this.prisma.linksProfile.findFirst({ where: { professionalId }, select: PROFILE_SELECT });
    return { linksProfile: row ? view(row) : null };
  }

  /**
   * Creates the profile (unpublished) or changes its address; the links replace the previous ones
   * in the order given. A slug another page has (in any organization) answers 409.
   */
  async save(caller: AuthenticatedCaller, professionalId: string, input: SaveLinksProfile): Promise<LinksProfileView> {
    await this.professionals.assertMayChange(caller, professionalId);
    // Slugs are unique across organizations, which the tenant client cannot see: asked unscoped.
    const holder = await this.system.linksProfile.findUnique({
      where: { slug: input.slug },
      select: { professionalId: true },
    });
    if (holder && holder.professionalId !== professionalId) throw slugTaken();
    try {
      return await this.prisma.$transaction(async (tx) => {
        const before = await tx.linksProfile.findFirst({ where: { professionalId }, select: PROFILE_SELECT });
        const id = before?.id ?? newId(EntityType.linksProfile);
        if (before) await tx.linksProfile.update({ where: { id }, data: { slug: input.slug } });
        else {
          await tx.linksProfile.create({
            data: { id, organizationId: currentOrganizationId(), professionalId, slug: input.slug },
          });
        }
        await tx.profileLink.deleteMany({ where: { linksProfileId: id } });
        await tx.profileLink.createMany({
          data: input.links.map((link, position) => ({
            id: newId(EntityType.profileLink),
            organizationId: currentOrganizationId(),
            linksProfileId: id,
            type: link.type,
            url: link.url,
            label: link.label,
            position,
          })),
        });
        const after = await tx.linksProfile.findUniqueOrThrow({ where: { id }, select: PROFILE_SELECT });
        await this.auditChange(tx, before ? view(before) : null, view(after));
        return view(after);
      });
    } catch (error) {
      // Another page took the slug between the check and the write.
      if ((error as { code?: string }).code === 'P2002') throw slugTaken();
      throw error;
    }
  }

  /** Publish or unpublish: an unpublished page answers 404 to everyone. */
  async setPublished(
    caller: AuthenticatedCaller,
    professionalId: string,
    published: boolean,
  ): Promise<LinksProfileView> {
    await this.professionals.assertMayChange(caller, professionalId);
    return this.prisma.$transaction(async (tx) => {
      const before = await tx.linksProfile.findFirst({ where: { professionalId }, select: PROFILE_SELECT });
      if (!before) throw new DomainError(ErrorCode.NOT_FOUND, LinksProfileMessage.noProfile);
      const after = await tx.linksProfile.update({
        where: { id: before.id },
        data: { published },
        select: PROFILE_SELECT,
      });
      if (before.published !== published) await this.auditChange(tx, view(before), view(after));
      return view(after);
    });
  }

  private auditChange(tx: TenantTransaction, before: LinksProfileView | null, after: LinksProfileView) {
    const shown = (profile: LinksProfileView) => ({
      slug: profile.slug,
      published: profile.published,
      links: profile.links.map(({ type, url, label }) => ({ type, url, label })),
    });
    return this.audit.record(tx, {
      action: before ? 'UPDATE' : 'CREATE',
      entityType: EntityType.linksProfile,
      entityId: after.id,
      before: before ? shown(before) : undefined,
      after: shown(after),
    });
  }

  // ─── The public page ────────────────────────────────────────────────────────────────────────

  /** The published page of a slug; 404 for an unknown or unpublished one. */
  async publicPage(slug: string, now = new Date()): Promise<PublicLinksProfile> {
    const profile = await this.published(slug);
    const professional = profile.professional;
    return {
      slug: profile.slug,
      displayName: professional.displayName,
      jobTitle: professional.jobTitle,
      bio: professional.bio,
      designations: professional.designations,
      photoUrl: professional.avatarPath ? this.files.readUrl(professional.avatarPath, now) : null,
      links: profile.links.map(({ type, url, label }) => ({ type, url, label })),
      form: { token: this.stamp.issue(profile.id, now), minSeconds: this.config.LINKS_CONTACT_MIN_SECONDS },
    };
  }

  /**
   * A visitor's message: refused (4xx, nothing written) when it comes too often from the client
   * or to the page, when the honeypot is filled, or when the page's stamp is forged, too fresh or
   * too old. Otherwise a lead of source LINKS_PROFILE in the professional's team (their first
   * team), with the message as a note on it, in one transaction.
   */
  async contact(slug: string, input: LinksProfileContact, client: string, now = new Date()): Promise<void> {
    const profile = await this.published(slug);
    await this.limiter.take(this.perClient, client);
    if (input.website?.trim()) throw refused(LinksProfileMessage.spam, 'website');
    const stamp = this.stamp.check(
      profile.id,
      input.formToken,
      { minSeconds: this.config.LINKS_CONTACT_MIN_SECONDS, maxSeconds: this.config.LINKS_CONTACT_FORM_TTL_SECONDS },
      now,
    );
    if (stamp === 'invalid') throw refused(LinksProfileMessage.formTokenRequired, 'formToken');
    if (stamp === 'too-fast') throw refused(LinksProfileMessage.tooFast, 'formToken');
    if (stamp === 'expired') throw refused(LinksProfileMessage.formExpired, 'formToken');
    const teamId = await this.teamOf(profile.organizationId, profile.professional.userId);
    if (!teamId) throw new DomainError(ErrorCode.CONFLICT, LinksProfileMessage.noTeam);
    await this.limiter.take(this.perProfile, profile.id);

    const page = linksProfilePath(profile.slug);
    await runAsOrganization({ organizationId: profile.organizationId }, () =>
      this.contacts.create(
        {
          type: 'LEAD',
          teamId,
          name: { first: input.name.first, last: input.name.last, middle: null, preferred: null, short: null },
          email: input.email ?? null,
          gender: null,
          phoneNumber: input.phone ? { number: input.phone, type: 'MOBILE', label: null, primary: true } : null,
          source: 'LINKS_PROFILE',
          discoveryMethod: 'INBOUND',
        },
        {
          alsoWrite: async (scope, contactId) => {
            const [noteId] = await this.notes.create(scope, [
              {
                teamId,
                title: `Message from ${profile.professional.displayName}’s links profile`,
                body: `${input.message ?? 'No message.'}\n\nSent through ${page}.`,
                date: scope.now,
                authorUserId: null,
                owner: { ownerKind: 'CONTACT', ownerContactId: contactId },
              },
            ]);
            await this.audit.record(scope.tx, {
              action: 'CREATE',
              entityType: EntityType.note,
              entityId: noteId!,
              after: { contactId, page, message: input.message },
            });
          },
        },
      ),
    );
  }

  private async published(slug: string) {
    const profile = await this.system.linksProfile.findUnique({
      where: { slug },
      select: {
        id: true,
        organizationId: true,
        slug: true,
        published: true,
        links: { select: { type: true, url: true, label: true }, orderBy: { position: 'asc' } },
        professional: {
          select: {
            userId: true,
            displayName: true,
            jobTitle: true,
            bio: true,
            designations: true,
            avatarPath: true,
          },
        },
      },
    });
    if (!profile || !profile.published) throw pageNotFound();
    return profile;
  }

  /** The team the professional's leads go to: their user's first team (by joining), if any. */
  private async teamOf(organizationId: string, userId: string | null): Promise<string | null> {
    if (!userId) return null;
    const membership = await this.system.teamMember.findFirst({
      where: { organizationId, userId },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { teamId: true },
    });
    return membership?.teamId ?? null;
  }
}

function view(row: {
  id: string;
  professionalId: string;
  slug: string;
  published: boolean;
  links: { id: string; type: LinksProfileView['links'][number]['type']; url: string; label: string | null }[];
}): LinksProfileView {
  return {
    id: row.id,
    professionalId: row.professionalId,
    slug: row.slug,
    published: row.published,
    path: linksProfilePath(row.slug),
    links: row.links,
  };
}
