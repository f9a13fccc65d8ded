import type { ReactNode } from 'react';
import { Callout } from '@tremor/react';
import type { Resource } from '../hooks/use-resource';
import { LoadingState } from './full-page-status';

/** A card's content: the API's error with its message, a loading line, or the data. */
export function Loaded<T>({
  resource,
  what,
  children,
}: {
  resource: Resource<T>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <>
      {resource.error && (
        <Callout className="mt-3" title={`The ${what} could not be loaded`} color="rose" role="alert">
          {resource.error.message}
        </Callout>
      )}
      {resource.data === undefined && !resource.error && <LoadingState label={`Loading the ${what}…`} />}
      {resource.data !== undefined && children(resource.data)}
    </>
  );
}
