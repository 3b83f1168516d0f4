import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { messages } from '@owo/shared/messages';
import type { UserDto } from '@owo/shared/api-types';
import { apiRequest } from '../../lib/api';
import { hasStatus } from '../../lib/api-errors';
import { useSession } from '../../lib/session-store';
import { signOut } from '../../lib/sign-out';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { PageSpinner } from '../../components/Spinner';

interface Exchanged {
  data: UserDto;
  token: string;
  expires_in: number;
}

/** The link's token for a fresh session of its own (decision 0049): the link works once. */
async function exchange(linkToken: string): Promise<void> {
  const previous = useSession.getState().auth.token;
  const reply = await apiRequest<Exchanged>('/auth/exchange-token', {
    method: 'POST',
    token: linkToken,
  });
  useSession.getState().signIn(reply.data, reply.token, reply.expires_in);
  // The same account signed in already: its older session on this device is no longer needed.
  if (previous && previous !== linkToken) {
    void apiRequest('/auth/logout', { method: 'POST', token: previous, timeoutMs: 5000 }).catch(
      () => {},
    );
  }
  toast.success(messages.tokenFetched);
}

const refusalOf = (error: unknown) =>
  hasStatus(error, 401) ? messages.tokenInvalid : messages.tokenFetchFailed;

interface Question {
  linkToken: string;
  linkEmail: string;
  currentEmail: string;
  finish: () => void;
}

/**
 * A `?token=` in the address (e.g. from an e-mail link) is exchanged for the user's details and a
 * session of its own, then removed from the address so it is not bookmarked or shared. A link for
 * another account than the one signed in never replaces it silently (login CSRF): the person is
 * asked first, and staying keeps everything as it was. The screens wait meanwhile so route guards
 * see the final session.
 */
export function TokenExchange({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const token = new URLSearchParams(location.search).get('token');
  const handled = useRef<string | null>(null);
  const [question, setQuestion] = useState<Question | null>(null);

  useEffect(() => {
    if (!token || handled.current === token) return;
    handled.current = token;
    const rest = new URLSearchParams(location.search);
    rest.delete('token');
    const query = rest.toString();
    const cleanUrl = `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;
    const finish = () => navigate(cleanUrl, { replace: true, state: location.state });

    void (async () => {
      try {
        const { auth, user } = useSession.getState();
        if (auth.isAuthenticated) {
          // Whose link is it? Reading the user does not use the link up.
          const owner = await apiRequest<{ data: UserDto }>('/user', { token });
          if (owner.data._id !== user._id) {
            setQuestion({
              linkToken: token,
              linkEmail: owner.data.email,
              currentEmail: user.email,
              finish,
            });
            return;
          }
        }
        await exchange(token);
      } catch (error) {
        toast.error(refusalOf(error));
      }
      finish();
    })();
  }, [token, location, navigate]);

  const stay = () => {
    question?.finish();
    setQuestion(null);
  };
  const switchAccount = async () => {
    if (!question) return;
    setQuestion(null);
    try {
      await signOut();
      await exchange(question.linkToken);
    } catch (error) {
      toast.error(refusalOf(error));
    }
    question.finish();
  };

  return (
    <>
      {token ? <PageSpinner label="Signing you in" /> : children}
      <Dialog
        open={question !== null}
        onClose={stay}
        title={messages.tokenSwitchTitle}
        actions={
          <div className="flex flex-col gap-2">
            <Button onClick={stay}>{messages.tokenSwitchStay}</Button>
            <Button variant="outline" onClick={() => void switchAccount()}>
              {messages.tokenSwitchConfirm}
            </Button>
          </div>
        }
      >
        {question ? messages.tokenSwitchBody(question.linkEmail, question.currentEmail) : null}
      </Dialog>
    </>
  );
}
