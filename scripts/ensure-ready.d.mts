// Types of the decisions scripts/ensure-ready.mjs exports (for its tests).
export type ServiceKind = 'postgres' | 'redis';
export function installReason(state: {
  nodeModules: boolean;
  installedAt: number | null;
  lockChangedAt: number | null;
}): string | null;
export function serviceAddress(kind: ServiceKind, url: string): { host: string; port: number; local: boolean };
export function serviceAction(state: {
  reachable: boolean;
  local: boolean;
  installed: boolean;
}): 'ready' | 'start' | 'install' | 'unreachable';
export function installCommand(kind: ServiceKind, platform?: NodeJS.Platform): string;
