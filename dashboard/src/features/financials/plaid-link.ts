// Plaid Link, loaded from Plaid's CDN when first needed (never in fake mode). Only the part of
// Link's browser API this page uses is typed here.

const LINK_SCRIPT = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js';

export interface PlaidLinkMetadata {
  institution: { name: string; institution_id: string } | null;
}

interface PlaidLinkHandler {
  open(): void;
  destroy(): void;
}

interface PlaidGlobal {
  create(options: {
    token: string;
    onSuccess: (publicToken: string, metadata: PlaidLinkMetadata) => void;
    onExit?: (error: { error_message?: string } | null) => void;
  }): PlaidLinkHandler;
}

let loading: Promise<PlaidGlobal> | undefined;

function loadPlaid(): Promise<PlaidGlobal> {
  loading ??= new Promise<PlaidGlobal>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = LINK_SCRIPT;
    script.async = true;
    script.onload = () => {
      const plaid = (window as unknown as { Plaid?: PlaidGlobal }).Plaid;
      if (plaid) resolve(plaid);
      else reject(new Error('Plaid Link did not load.'));
    };
    script.onerror = () => {
      loading = undefined;
      reject(new Error('Plaid Link could not be loaded from cdn.plaid.com.'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/**
 * Opens Plaid Link with a link token; resolves with the public token and the institution's name
 * when the user finishes, or with null when they close Link.
 */
export async function openPlaidLink(
  token: string,
): Promise<{ publicToken: string; institutionName: string | null } | null> {
  const plaid = await loadPlaid();
  return new Promise((resolve, reject) => {
    const handler = plaid.create({
      token,
      onSuccess: (publicToken, metadata) => {
        handler.destroy();
        resolve({ publicToken, institutionName: metadata.institution?.name ?? null });
      },
      onExit: (error) => {
        handler.destroy();
        if (error?.error_message) reject(new Error(error.error_message));
        else resolve(null);
      },
    });
    handler.open();
  });
}
