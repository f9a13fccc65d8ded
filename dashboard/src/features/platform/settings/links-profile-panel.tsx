import { useCallback, useState } from 'react';
import { Badge, Button, Callout, Card, Text, Title } from '@tremor/react';
import {
  ContactLinkType,
  enumerationOptions,
  LINKS_PROFILE_MAX_LINKS,
  type LinksProfileView,
  type ProfileLinkInput,
} from '@meridian/domain';
import { toApiError } from '../../../api';
import { FormMessages, InputField, SelectInput } from '../../../components/fields';
import { Loaded } from '../../../components/loaded';
import { useResource } from '../../../hooks/use-resource';
import { settingsApi } from './settings-api';
import { SettingsForm } from './settings-form';

interface LinkRow {
  key: number;
  type: ContactLinkType;
  url: string;
  label: string;
}

let nextKey = 0;
const rowOf = (link?: { type: ContactLinkType; url: string; label: string | null }): LinkRow => ({
  key: nextKey++,
  type: link?.type ?? 'website',
  url: link?.url ?? '',
  label: link?.label ?? '',
});

/** The page's full address on this host. */
function pageUrl(path: string): string {
  return `${window.location.origin}${path}`;
}

function LinksProfileForm({
  professionalId,
  profile,
  onSaved,
}: {
  professionalId: string;
  profile: LinksProfileView | null;
  onSaved: (profile: LinksProfileView) => void;
}) {
  const [slug, setSlug] = useState(profile?.slug ?? '');
  const [rows, setRows] = useState<LinkRow[]>(() => (profile?.links ?? []).map(rowOf));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState<'save' | 'publish'>();
  const [done, setDone] = useState<string>();

  const update = (key: number, change: Partial<LinkRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const move = (index: number, by: number) =>
    setRows((current) => {
      const next = [...current];
      const [row] = next.splice(index, 1);
      next.splice(index + by, 0, row!);
      return next;
    });

  async function save() {
    setBusy('save');
    setDone(undefined);
    setErrors({});
    setFormErrors([]);
    try {
      const links: ProfileLinkInput[] = rows.map((row) => ({
        type: row.type,
        url: row.url,
        label: row.label.trim() || null,
      }));
      const saved = await settingsApi.saveLinksProfile(professionalId, { slug, links });
      setSlug(saved.slug);
      setRows(saved.links.map(rowOf));
      setDone(profile ? 'Saved.' : 'Saved. Publish the page when it is ready.');
      onSaved(saved);
    } catch (failure) {
      const error = toApiError(failure);
      const byField = error.fieldErrors();
      setErrors(byField);
      const placed = (path: string) => path === 'slug' || /^links\.\d+\.(type|url|label)$/.test(path);
      const rest = error.details.filter((detail) => !placed(detail.path)).map((detail) => detail.message);
      setFormErrors(error.details.length === 0 ? [error.message] : rest);
    }
    setBusy(undefined);
  }

  async function setPublished(published: boolean) {
    setBusy('publish');
    setDone(undefined);
    setFormErrors([]);
    try {
      onSaved(await settingsApi.setLinksProfilePublished(professionalId, published));
      setDone(published ? 'Your page is public.' : 'Your page is no longer public.');
    } catch (failure) {
      setFormErrors([toApiError(failure).message]);
    }
    setBusy(undefined);
  }

  return (
    <SettingsForm onSave={save} noValidate>
      {profile && (
        <div className="flex flex-wrap items-center gap-3" data-testid="links-status">
          <Badge color={profile.published ? 'emerald' : 'gray'} data-testid="links-published">
            {profile.published ? 'Published' : 'Not published'}
          </Badge>
          {profile.published ? (
            <a
              href={profile.path}
              target="_blank"
              rel="noreferrer"
              className="text-tremor-default text-tremor-brand underline"
              data-testid="links-page-link"
            >
              {pageUrl(profile.path)}
            </a>
          ) : (
            <Text>Visitors see “Page not found” until you publish it.</Text>
          )}
          <Button
            type="button"
            size="xs"
            variant={profile.published ? 'secondary' : 'primary'}
            loading={busy === 'publish'}
            disabled={busy !== undefined}
            onClick={() => void setPublished(!profile.published)}
            data-testid={profile.published ? 'links-unpublish' : 'links-publish'}
          >
            {profile.published ? 'Unpublish' : 'Publish'}
          </Button>
        </div>
      )}
      <InputField
        id="links-slug"
        label="Page address"
        testId="links-slug"
        value={slug}
        onChange={setSlug}
        error={errors.slug}
        prefix={`${window.location.host}/p/`}
        placeholder="jane-doe"
        hint="3 to 40 lower-case letters, digits and hyphens."
        required
      />
      <fieldset>
        <legend className="text-tremor-default font-medium text-tremor-content-strong">Links</legend>
        {rows.length === 0 && (
          <p className="mt-1 text-tremor-default text-tremor-content" data-testid="links-empty">
            No links yet: add your website, LinkedIn, a meeting link…
          </p>
        )}
        <ol className="mt-2 space-y-3" data-testid="links-rows">
          {rows.map((row, index) => (
            <li
              key={row.key}
              className="grid items-start gap-2 rounded-tremor-default border border-tremor-border p-3 sm:grid-cols-[10rem_1fr_12rem_auto]"
              data-testid={`links-row-${index}`}
            >
              <SelectInput
                id={`links-${row.key}-type`}
                label="Type"
                testId={`links-${index}-type`}
                value={row.type}
                onChange={(type) => update(row.key, { type: type as ContactLinkType })}
                options={enumerationOptions('ContactLinkType')}
                error={errors[`links.${index}.type`]}
              />
              <InputField
                id={`links-${row.key}-url`}
                label="Address"
                type="url"
                testId={`links-${index}-url`}
                value={row.url}
                onChange={(url) => update(row.key, { url })}
                placeholder="https://"
                error={errors[`links.${index}.url`]}
                required
              />
              <InputField
                id={`links-${row.key}-label`}
                label="Label (optional)"
                testId={`links-${index}-label`}
                value={row.label}
                onChange={(label) => update(row.key, { label })}
                error={errors[`links.${index}.label`]}
              />
              <div className="flex gap-1 sm:mt-6">
                <Button
                  type="button"
                  size="xs"
                  variant="light"
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                  aria-label={`Move link ${index + 1} up`}
                  data-testid={`links-${index}-up`}
                >
                  ↑
                </Button>
                <Button
                  type="button"
                  size="xs"
                  variant="light"
                  disabled={index === rows.length - 1}
                  onClick={() => move(index, 1)}
                  aria-label={`Move link ${index + 1} down`}
                  data-testid={`links-${index}-down`}
                >
                  ↓
                </Button>
                <Button
                  type="button"
                  size="xs"
                  variant="light"
                  color="red"
                  onClick={() => setRows((current) => current.filter((candidate) => candidate.key !== row.key))}
                  aria-label={`Remove link ${index + 1}`}
                  data-testid={`links-${index}-remove`}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ol>
        <Button
          type="button"
          size="xs"
          variant="secondary"
          className="mt-3"
          disabled={rows.length >= LINKS_PROFILE_MAX_LINKS}
          onClick={() => setRows((current) => [...current, rowOf()])}
          data-testid="links-add"
        >
          Add link
        </Button>
      </fieldset>
      <FormMessages messages={formErrors} testId="links-form-errors" />
      <div className="flex items-center gap-3">
        <Button type="submit" loading={busy === 'save'} disabled={busy !== undefined} data-testid="links-save">
          {profile ? 'Save links page' : 'Create links page'}
        </Button>
        {done && (
          <p role="status" className="text-tremor-default text-emerald-700" data-testid="links-saved">
            {done}
          </p>
        )}
      </div>
    </SettingsForm>
  );
}

/**
 * "Links page": the professional's public page (photo, name, title, bio, designations, links and
 * a contact form whose messages arrive as leads), its address, links and whether it is published.
 */
export function LinksProfilePanel({ professionalId }: { professionalId: string }) {
  const load = useCallback((signal: AbortSignal) => settingsApi.linksProfile(professionalId, signal), [professionalId]);
  const resource = useResource(load);
  const [saved, setSaved] = useState<LinksProfileView>();
  return (
    <Card className="mt-6" data-testid="links-profile-panel">
      <Title>Links page</Title>
      <Text>
        A public page with your photo, title, bio, designations and links. Its contact form sends you new leads (source
        “Links profile”).
      </Text>
      {resource.error?.status === 403 ? (
        <Callout className="mt-4" title="Not yours to change" color="gray">
          {resource.error.message}
        </Callout>
      ) : (
        <Loaded resource={resource} what="links page">
          {(data) => (
            <LinksProfileForm professionalId={professionalId} profile={saved ?? data.linksProfile} onSaved={setSaved} />
          )}
        </Loaded>
      )}
    </Card>
  );
}
