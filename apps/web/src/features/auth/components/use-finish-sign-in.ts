import type { AuthReply } from '@owo/shared/api-types';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { useSession } from '../../../lib/session-store';

/** Stores the signed-in session from the reply, toasts its message and goes to /home. */
export function useFinishSignIn() {
  const navigate = useNavigate();
  const signIn = useSession((s) => s.signIn);
  return (reply: AuthReply) => {
    signIn(reply.data, reply.token, reply.expires_in);
    toast.success(reply.message);
    navigate('/home', { replace: true });
  };
}
