import { type FormEvent, useCallback, useState } from 'react';
import { useParams } from 'react-router';
import { Badge, Button, Callout, Card } from '@tremor/react';
import { CONTACT_LINK_TYPE_LABELS, enumLabel, type PublicLinksProfile } from '@meridian/domain';
import { toApiError } from '../../../api';
import { BrandMark } from '../../../components/brand-mark';
import { FieldShell, FormMessages, InputField, controlClass } from '../../../components/fields';
import { LoadingState } from '../../../components/full-page-status';
import { useResource } from '../../../hooks/use-resource';
import { usePageTitle } from '../../../hooks/use-page-title';
import { initialsOf } from '../../../lib/initials';
import { publicLinksProfile, sendLinksProfileMessage } from './links-page-api';

/** A link's text: its label, else its kind and the address's host ("Website · ada.example.com"). */
function linkText(link: PublicLinksProfile['links'][number]): string {
  if (link.label) return link.label;
  let host = link.url;
  try {
    host = new URL(link.url).host.replace(/^www\./, '');
  } catch {
    // Stored addresses are checked URLs; keep the text as it is otherwise.
  }
  return `${CONTACT_LINK_TYPE_LABELS[link.type]} · ${host}`;
}

const CONTACT_FIELDS = ['name.first', 'name.last', 'email', 'phone.number', 'phone.countryCode', 'message'];

function ContactForm({ slug, page }: { slug: string; page: PublicLinksProfile }) {
  const [first, setFirst] = useState('');
  const [last, setLast] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [message, setMessage] = useState('');
  // The honeypot: hidden from people, filled by robots that fill every field.
  const [website, setWebsite] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [errors, setErrors] = useState<{ fields: Record<string, string>; form: string[] }>({ fields: {}, form: [] });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setErrors({ fields: {}, form: [] });
    try {
      await sendLinksProfileMessage(slug, {
        name: { first, last },
        email,
        phone: phone.trim() ? { countryCode: '1', number: phone } : null,
        message,
        website,
        formToken: page.form.token,
      });
      setSent(true);
    } catch (failure) {
      const error = toApiError(failure);
      const fields = error.fieldErrors();
      const form = error.details
        .filter((detail) => !CONTACT_FIELDS.includes(detail.path))
        .map((detail) => detail.message);
      setErrors({ fields, form: error.details.length === 0 ? [error.message] : [...new Set(form)] });
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <Callout title="Thank you, your message was sent" color="emerald" data-testid="links-contact-sent">
        {page.displayName} will get back to you soon.
      </Callout>
    );
  }
  return (
    <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate data-testid="links-contact-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          id="contact-first"
          label="First name"
          testId="contact-first"
          value={first}
          onChange={setFirst}
          error={errors.fields['name.first']}
          required
        />
        <InputField
          id="contact-last"
          label="Last name"
          testId="contact-last"
          value={last}
          onChange={setLast}
          error={errors.fields['name.last']}
          required
        />
      </div>
      <InputField
        id="contact-email"
        label="E-mail"
        type="email"
        testId="contact-email"
        value={email}
        onChange={setEmail}
        error={errors.fields.email}
        required
      />
      <InputField
        id="contact-phone"
        label="Phone (optional)"
        type="tel"
        testId="contact-phone"
        value={phone}
        onChange={setPhone}
        prefix="+1"
        error={errors.fields['phone.number']}
      />
      <FieldShell
        id="contact-message"
        label="Message (optional)"
        testId="contact-message"
        error={errors.fields.message}
      >
        <textarea
          id="contact-message"
          rows={4}
          className={controlClass(errors.fields.message !== undefined)}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          data-testid="contact-message"
        />
      </FieldShell>
      <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
        <label htmlFor="contact-website">Website</label>
        <input
          id="contact-website"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={website}
          onChange={(event) => setWebsite(event.target.value)}
        />
      </div>
      <FormMessages messages={errors.form} testId="links-contact-errors" />
      <Button type="submit" className="w-full" loading={busy} data-testid="links-contact-send">
        Send message
      </Button>
    </form>
  );
}

function LinksPage({ slug, page }: { slug: string; page: PublicLinksProfile }) {
  usePageTitle(page.displayName);
  return (
    <div className="w-full max-w-xl space-y-6" data-testid="links-page">
      <header className="flex flex-col items-center text-center">
        {page.photoUrl ? (
          <img
            src={page.photoUrl}
            alt={`${page.displayName}’s photo`}
            className="h-32 w-32 rounded-full object-cover shadow-md ring-4 ring-white"
            data-testid="links-page-photo"
          />
        ) : (
          <div
            className="flex h-32 w-32 items-center justify-center rounded-full bg-tremor-brand-muted text-4xl font-semibold text-tremor-brand-emphasis"
            aria-hidden="true"
          >
            {initialsOf(page.displayName)}
          </div>
        )}
        <h1 className="mt-4 text-2xl font-semibold text-tremor-content-strong" data-testid="links-page-name">
          {page.displayName}
        </h1>
        {page.jobTitle && (
          <p className="mt-1 text-tremor-default text-tremor-content" data-testid="links-page-title">
            {page.jobTitle}
          </p>
        )}
        {page.designations.length > 0 && (
          <ul
            className="mt-3 flex flex-wrap justify-center gap-2"
            aria-label="Designations"
            data-testid="links-page-designations"
          >
            {page.designations.map((designation) => (
              <li key={designation}>
                <Badge color="blue" size="xs">
                  {enumLabel('ProfessionalDesignation', designation)}
                </Badge>
              </li>
            ))}
          </ul>
        )}
        {page.bio && (
          <p
            className="mt-4 whitespace-pre-line text-tremor-default text-tremor-content-emphasis"
            data-testid="links-page-bio"
          >
            {page.bio}
          </p>
        )}
      </header>
      {page.links.length > 0 && (
        <nav aria-label="Links">
          <ul className="space-y-3" data-testid="links-page-links">
            {page.links.map((link, index) => (
              <li key={`${index}-${link.url}`}>
                <a
                  href={link.url}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="block rounded-tremor-default border border-tremor-border bg-tremor-background px-4 py-3 text-center text-tremor-default font-medium text-tremor-content-strong shadow-tremor-card hover:border-tremor-brand hover:text-tremor-brand"
                >
                  {linkText(link)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <Card className="p-6">
        <h2 className="mb-4 text-lg font-semibold text-tremor-content-strong">Get in touch</h2>
        <ContactForm slug={slug} page={page} />
      </Card>
    </div>
  );
}

/** The public links page at /p/<slug>: no sign-in; "Page not found" for an unknown or unpublished page. */
export default function PublicLinksPage() {
  const { slug = '' } = useParams();
  const load = useCallback((signal: AbortSignal) => publicLinksProfile(slug, signal), [slug]);
  const page = useResource(load);
  return (
    <main className="flex min-h-screen flex-col items-center bg-tremor-background-muted px-4 py-12">
      {page.data ? (
        <LinksPage slug={slug} page={page.data} />
      ) : page.error ? (
        <Card className="w-full max-w-md p-6" data-testid="links-page-missing">
          <Callout title={page.error.status === 404 ? 'Page not found' : 'The page could not be loaded'} color="gray">
            {page.error.status === 404 ? 'This page does not exist or is not public any more.' : page.error.message}
          </Callout>
        </Card>
      ) : (
        <LoadingState />
      )}
      <footer className="mt-10 opacity-70">
        <BrandMark />
      </footer>
    </main>
  );
}
