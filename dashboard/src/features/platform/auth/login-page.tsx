import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Button, Callout, Card, TextInput } from '@tremor/react';
import type { DemoLogin } from '@meridian/domain';
import { type ApiError, toApiError } from '../../../api';
import { getDemoLogin } from '../../../api/endpoints';
import { BrandMark } from '../../../components/brand-mark';
import { useAuth } from './auth-context';

type Field = 'email' | 'password';
const FIELDS: readonly Field[] = ['email', 'password'];

/** Where to go after signing in: the page the user was sent away from, if it is one of ours. */
function returnPath(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('from' in state)) return '/';
  const from = state.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/login')) {
    return '/';
  }
  return from;
}

export default function LoginPage() {
  const auth = useAuth();
  const location = useLocation();
  const ids = useId();
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<ApiError>();
  const [demo, setDemo] = useState<DemoLogin | null>(null);

  // The sample organization's sign-in, while it exists and still works (a newcomer's first visit).
  useEffect(() => {
    const controller = new AbortController();
    void getDemoLogin(controller.signal).then((answer) => {
      if (!controller.signal.aborted) setDemo(answer);
    });
    return () => controller.abort();
  }, []);

  // After a failed attempt (once the inputs are enabled again), put the cursor where the fix goes.
  useEffect(() => {
    if (!error) return;
    const firstInvalid = FIELDS.find((field) => error.details.some((detail) => detail.path === field));
    inputs.current[firstInvalid ?? 'password']?.focus();
  }, [error]);

  // Signed in already, or just now: continue to the page the user came for.
  if (auth.state.status === 'signed-in') return <Navigate to={returnPath(location.state)} replace />;

  const fieldErrors = error?.fieldErrors() ?? {};
  const otherDetails = error?.details.filter((detail) => !FIELDS.includes(detail.path as Field)) ?? [];
  const sessionExpired = auth.state.status === 'signed-out' && auth.state.reason === 'expired' && !error;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitting(true);
    setError(undefined);
    try {
      await auth.signIn(email, password);
    } catch (failure) {
      setError(toApiError(failure));
      setSubmitting(false);
    }
  }

  function fieldProps(field: Field) {
    const message = fieldErrors[field];
    const errorId = `${ids}-${field}-error`;
    return {
      id: `${ids}-${field}`,
      name: field,
      ref: (element: HTMLInputElement | null) => {
        inputs.current[field] = element;
      },
      error: message !== undefined,
      'aria-invalid': message !== undefined,
      'aria-describedby': message !== undefined ? errorId : undefined,
      'data-testid': `login-${field}`,
      disabled: submitting,
    };
  }

  function fieldError(field: Field) {
    const message = fieldErrors[field];
    if (message === undefined) return null;
    return (
      <p
        id={`${ids}-${field}-error`}
        className="mt-1.5 text-tremor-label text-red-600"
        data-testid={`login-${field}-error`}
      >
        {message}
      </p>
    );
  }

  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-tremor-background-muted px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex flex-col items-center text-center">
          <BrandMark size="lg" />
          <h1 className="mt-6 text-xl font-semibold text-tremor-content-strong">Sign in to your workspace</h1>
          <p className="mt-1 text-tremor-default text-tremor-content">Client records, planning and integrations.</p>
        </div>

        <Card className="p-6">
          {sessionExpired && (
            <Callout title="Your session has ended" color="blue" className="mb-5" data-testid="session-expired">
              Sign in again to continue.
            </Callout>
          )}
          {error && (
            <Callout title="Sign-in failed" color="rose" className="mb-5" role="alert" data-testid="login-error">
              <span data-testid="login-error-message">{error.message}</span>
              {otherDetails.map((detail) => (
                <span key={`${detail.path}:${detail.message}`} className="block">
                  {detail.message}
                </span>
              ))}
            </Callout>
          )}

          <form className="space-y-5" onSubmit={submit} noValidate aria-label="Sign in">
            <div>
              <label htmlFor={`${ids}-email`} className="text-tremor-default font-medium text-tremor-content-strong">
                Email
              </label>
              <TextInput
                {...fieldProps('email')}
                className="mt-1.5"
                type="email"
                autoComplete="username"
                placeholder="you@yourfirm.com"
                value={email}
                onValueChange={setEmail}
              />
              {fieldError('email')}
            </div>
            <div>
              <label htmlFor={`${ids}-password`} className="text-tremor-default font-medium text-tremor-content-strong">
                Password
              </label>
              <TextInput
                {...fieldProps('password')}
                className="mt-1.5"
                type="password"
                autoComplete="current-password"
                placeholder="Your password"
                value={password}
                onValueChange={setPassword}
              />
              {fieldError('password')}
            </div>
            <Button type="submit" className="w-full" loading={submitting} loadingText="Signing in…">
              Sign in
            </Button>
          </form>
        </Card>

        {demo && (
          <Card className="mt-4 p-5" data-testid="demo-login">
            <p className="text-tremor-default font-medium text-tremor-content-strong">Try the demo organization</p>
            <p className="mt-1 text-tremor-default text-tremor-content">
              Sample clients and households, all invented. Sign in with:
            </p>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-tremor-default">
              <dt className="text-tremor-content">Email</dt>
              <dd className="font-mono text-tremor-content-strong" data-testid="demo-login-email">
                {demo.email}
              </dd>
              <dt className="text-tremor-content">Password</dt>
              <dd className="font-mono text-tremor-content-strong" data-testid="demo-login-password">
                {demo.password}
              </dd>
            </dl>
            <Button
              type="button"
              variant="secondary"
              className="mt-4 w-full"
              disabled={submitting}
              onClick={() => {
                setEmail(demo.email);
                setPassword(demo.password);
              }}
              data-testid="demo-login-fill"
            >
              Fill in the demo login
            </Button>
          </Card>
        )}
      </div>
    </main>
  );
}
