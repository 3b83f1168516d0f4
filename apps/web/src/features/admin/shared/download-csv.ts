import { useSession } from '../../../lib/session-store';

/** The file name the server gave (Content-Disposition), or ours when it gave none. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}

/**
 * Downloads an admin CSV export. The API takes the session as a bearer token, which a plain
 * link cannot send: the export is fetched with it (the body streams into a Blob, which the
 * browser may keep on disk) and saved through a temporary blob: link with the server's name.
 */
export async function downloadCsv(path: string, fallbackName: string): Promise<string> {
  const token = useSession.getState().auth.token;
  const response = await fetch(`/api${path}`, {
    headers: token ? { Authorization: `Bearer ${token}`, Accept: 'text/csv' } : {},
    credentials: 'same-origin',
  });
  if (response.status === 401 && token) useSession.getState().signOut();
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const blob = await response.blob();
  const name = fileNameOf(response.headers.get('Content-Disposition'), fallbackName);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; a minute is ample.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}
