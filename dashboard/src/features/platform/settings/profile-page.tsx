import { useCallback, useState } from 'react';
import { Button, Callout, Card, Text, Title } from '@tremor/react';
import { enumerationOptions, PROFESSIONAL_BIO_MAX_WORDS, wordCount, type ProfessionalResponse } from '@meridian/domain';
import { toApiError } from '../../../api';
import { CheckboxInput, FieldShell, FormMessages, InputField, controlClass } from '../../../components/fields';
import { Loaded } from '../../../components/loaded';
import { useResource } from '../../../hooks/use-resource';
import { AvatarEditor } from './avatar-editor';
import { LinksProfilePanel } from './links-profile-panel';
import { settingsApi } from './settings-api';
import { SettingsForm } from './settings-form';

const FIELDS = ['firstName', 'lastName', 'bio', 'designations', 'jobTitle'] as const;
type Field = (typeof FIELDS)[number];

function ProfileForm({ professional, onSaved }: { professional: ProfessionalResponse; onSaved: () => void }) {
  const [firstName, setFirstName] = useState(professional.firstName ?? '');
  const [lastName, setLastName] = useState(professional.lastName ?? '');
  const [bio, setBio] = useState(professional.bio ?? '');
  const [jobTitle, setJobTitle] = useState(professional.jobTitle ?? '');
  const [designations, setDesignations] = useState<string[]>(professional.designations);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const words = wordCount(bio);

  async function save() {
    setBusy(true);
    setDone(false);
    setErrors({});
    setFormErrors([]);
    try {
      await settingsApi.updateProfile(professional.id, { firstName, lastName, bio, designations });
      if (jobTitle.trim() !== (professional.jobTitle ?? '')) await settingsApi.setJobTitle(professional.id, jobTitle);
      setDone(true);
      onSaved();
    } catch (failure) {
      const error = toApiError(failure);
      const byField: Partial<Record<Field, string>> = {};
      const rest: string[] = [];
      for (const detail of error.details) {
        // `designations.3` is the fourth chosen designation: shown on the list.
        const field = detail.path.split('.')[0] as Field;
        if (FIELDS.includes(field)) byField[field] ??= detail.message;
        else rest.push(detail.message);
      }
      setErrors(byField);
      setFormErrors(error.details.length === 0 ? [error.message] : rest);
    }
    setBusy(false);
  }

  return (
    <SettingsForm onSave={save}>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          id="profile-first-name"
          label="First name"
          testId="profile-first-name"
          value={firstName}
          onChange={setFirstName}
          error={errors.firstName}
          required
        />
        <InputField
          id="profile-last-name"
          label="Last name"
          testId="profile-last-name"
          value={lastName}
          onChange={setLastName}
          error={errors.lastName}
          required
        />
      </div>
      <InputField
        id="profile-job-title"
        label="Job title"
        testId="profile-job-title"
        value={jobTitle}
        onChange={setJobTitle}
        error={errors.jobTitle}
        placeholder="Senior wealth advisor"
      />
      <FieldShell
        id="profile-bio"
        label="Bio"
        testId="profile-bio"
        error={errors.bio}
        hint="What clients read about you on your profile."
      >
        <textarea
          id="profile-bio"
          rows={6}
          className={controlClass(errors.bio !== undefined)}
          value={bio}
          onChange={(event) => setBio(event.target.value)}
          aria-describedby="profile-bio-count"
          data-testid="profile-bio"
        />
        <p
          id="profile-bio-count"
          className={`mt-1 text-right text-tremor-label ${words > PROFESSIONAL_BIO_MAX_WORDS ? 'text-red-600' : 'text-tremor-content'}`}
          aria-live="polite"
          data-testid="profile-bio-count"
        >
          {words} / {PROFESSIONAL_BIO_MAX_WORDS} words
        </p>
      </FieldShell>
      <fieldset>
        <legend className="text-tremor-default font-medium text-tremor-content-strong">Designations</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {enumerationOptions('ProfessionalDesignation').map((option) => (
            <CheckboxInput
              key={option.value}
              id={`designation-${option.value}`}
              testId={`designation-${option.value}`}
              label={option.label}
              checked={designations.includes(option.value)}
              onChange={(checked) =>
                setDesignations((current) =>
                  checked ? [...current, option.value] : current.filter((value) => value !== option.value),
                )
              }
            />
          ))}
        </div>
        {errors.designations && (
          <p className="mt-1 text-tremor-label text-red-600" data-testid="profile-designations-error">
            {errors.designations}
          </p>
        )}
      </fieldset>
      <FormMessages messages={formErrors} testId="profile-form-errors" />
      <div className="flex items-center gap-3">
        <Button type="submit" loading={busy} data-testid="profile-save">
          Save profile
        </Button>
        {done && (
          <p role="status" className="text-tremor-default text-emerald-700" data-testid="profile-saved">
            Saved.
          </p>
        )}
      </div>
    </SettingsForm>
  );
}

export default function ProfilePage() {
  const load = useCallback((signal: AbortSignal) => settingsApi.myProfessional(signal), []);
  const professional = useResource(load);
  // The photo changes on its own calls; its answer is shown without reloading the form.
  const [changed, setChanged] = useState<ProfessionalResponse>();
  const current = changed ?? professional.data;
  return (
    <>
      <Card>
        <Title>My professional profile</Title>
        <Text>How you appear to clients and colleagues.</Text>
        {professional.error?.status === 404 ? (
          <Callout className="mt-4" title="Your sign-in has no professional profile yet" color="gray">
            An administrator creates professional profiles for the firm’s advisors; ask yours to add one for you.
          </Callout>
        ) : (
          <Loaded resource={professional} what="profile">
            {(data) => (
              <>
                <AvatarEditor professional={current ?? data} onChanged={setChanged} />
                <ProfileForm
                  professional={data}
                  onSaved={() => {
                    setChanged(undefined);
                    professional.reload();
                  }}
                />
              </>
            )}
          </Loaded>
        )}
      </Card>
      {professional.data && <LinksProfilePanel professionalId={professional.data.id} />}
    </>
  );
}
