import { isRouteErrorResponse, useRouteError } from 'react-router';
import { messages } from '@owo/shared/messages';
import { Button } from '../../components/Button';

/**
 * Last-resort screen. The usual cause is a lazy screen that failed to download (offline, or a new
 * deployment replaced the old chunk), so the main action is a reload.
 */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center px-6 text-center">
      <h1 className="text-xl font-semibold">{messages.somethingWentWrong}</h1>
      <p className="mt-2 text-sm text-muted">
        Check your connection and try again.{detail ? ` (${detail})` : ''}
      </p>
      <div className="mt-6 w-full max-w-xs">
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </div>
    </main>
  );
}
