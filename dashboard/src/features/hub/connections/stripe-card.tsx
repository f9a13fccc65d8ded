import { useId, useState, type FormEvent } from 'react';
import { Button, Callout, Card, Text, TextInput, Title } from '@tremor/react';
import type { StripeConnection } from '@meridian/domain';
import { connectStripe, disconnectStripe, getStripeConnection, toApiError } from '../../../api';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Loaded } from '../../../components/loaded';
import { RelativeTime } from '../../../components/relative-time';
import { useResource } from '../../../hooks/use-resource';

/**
 * The organization's Stripe account, for the billing: connect it with its secret key and its
 * webhook endpoint's signing secret (kept sealed, never shown again), see when its last event
 * came, or disconnect it. Its webhook deliveries show in the run history as WEBHOOK runs.
 */
export function StripeCard({ onChanged }: { onChanged: () => void }) {
  const stripe = useResource(getStripeConnection);
  function changed() {
    stripe.reload();
    onChanged();
  }
  return (
    <Card role="region" aria-labelledby="stripe-title" data-testid="stripe-card">
      <Title id="stripe-title">Stripe</Title>
      <Text>Where the billing sends invoices and subscriptions, and from where it hears back.</Text>
      <div className="mt-3">
        <Loaded resource={stripe} what="the Stripe connection">
          {(data) =>
            data.connection ? <Connected stripe={data} onChanged={changed} /> : <ConnectForm onConnected={changed} />
          }
        </Loaded>
      </div>
    </Card>
  );
}

function Connected({ stripe, onChanged }: { stripe: StripeConnection; onChanged: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const connection = stripe.connection!;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-tremor-default">
        <dt className="text-tremor-content">Account</dt>
        <dd data-testid="stripe-account">
          {connection.displayName ? `${connection.displayName} · ` : ''}
          {connection.accountId}
        </dd>
        <dt className="text-tremor-content">Connected</dt>
        <dd>
          <RelativeTime value={connection.createdAt} />
        </dd>
        <dt className="text-tremor-content">Last event</dt>
        <dd data-testid="stripe-last-event">
          {connection.lastEventAt ? (
            <>
              {connection.lastEventType} · <RelativeTime value={connection.lastEventAt} />
            </>
          ) : (
            'None received yet'
          )}
        </dd>
      </dl>
      <Button variant="secondary" color="red" size="xs" onClick={() => setConfirming(true)}>
        Disconnect
      </Button>
      {confirming && (
        <ConfirmDialog
          title="Disconnect Stripe"
          testId="disconnect-stripe-dialog"
          confirmLabel="Disconnect"
          action={disconnectStripe}
          onDone={onChanged}
          onClose={() => setConfirming(false)}
        >
          Disconnect Stripe? Its keys are erased and its webhooks are refused until it is connected again; the billing’s
          customers and received events stay.
        </ConfirmDialog>
      )}
    </div>
  );
}

function ConnectForm({ onConnected }: { onConnected: () => void }) {
  const ids = useId();
  const [secretKey, setSecretKey] = useState('');
  const [webhookSecret, setWebhookSecret] = useState('');
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    setError(undefined);
    try {
      await connectStripe({ secretKey, webhookSecret });
      setSecretKey('');
      setWebhookSecret('');
      onConnected();
    } catch (failure) {
      const apiError = toApiError(failure);
      const details = apiError.details.map((detail) => detail.message);
      setError(details.length > 0 ? details.join(' ') : apiError.message);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form className="grid max-w-xl gap-3" onSubmit={submit} noValidate aria-label="Connect Stripe">
      {error && (
        <Callout title="Stripe not connected" color="red" data-testid="stripe-error">
          {error}
        </Callout>
      )}
      <div>
        <label htmlFor={`${ids}-key`} className="text-tremor-default font-medium text-tremor-content-strong">
          Secret key
        </label>
        <TextInput
          id={`${ids}-key`}
          name="secretKey"
          className="mt-1"
          type="password"
          autoComplete="off"
          placeholder="sk_live_… or sk_test_…"
          value={secretKey}
          onValueChange={setSecretKey}
        />
      </div>
      <div>
        <label htmlFor={`${ids}-webhook`} className="text-tremor-default font-medium text-tremor-content-strong">
          Webhook signing secret
        </label>
        <TextInput
          id={`${ids}-webhook`}
          name="webhookSecret"
          className="mt-1"
          type="password"
          autoComplete="off"
          placeholder="whsec_… (your endpoint: …/api/webhooks/stripe)"
          value={webhookSecret}
          onValueChange={setWebhookSecret}
        />
      </div>
      <div>
        <Button type="submit" loading={submitting} loadingText="Checking the key with Stripe…">
          Connect Stripe
        </Button>
      </div>
    </form>
  );
}
