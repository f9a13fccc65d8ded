import { Link, useLocation } from 'react-router';

export default function NotFoundPage() {
  const location = useLocation();
  return (
    <div className="mx-auto max-w-xl py-16 text-center" data-testid="not-found">
      <p className="text-tremor-default font-semibold text-tremor-brand">404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-tremor-content-strong">Page not found</h1>
      <p className="mt-2 text-tremor-default text-tremor-content">
        Nothing lives at <code className="rounded bg-tremor-background-subtle px-1 py-0.5">{location.pathname}</code>.
      </p>
      <Link
        to="/"
        className="mt-6 inline-block text-tremor-default font-medium text-tremor-brand hover:text-tremor-brand-emphasis"
      >
        Back to Home
      </Link>
    </div>
  );
}
