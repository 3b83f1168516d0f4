/**
 * The signed-in session: the only state that survives a reload. Persisted under localStorage key
 * `root`, version 1, holding just {user, auth} (spec §3 "Persisted state"); query caches are not
 * persisted.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { UserDto } from '@owo/shared/api-types';
import { configureApiClient } from './api';
import { clearIdleSignOutNotice, noteSignOut } from './signed-out-notice';

export interface AuthState {
  isAuthenticated: boolean;
  token: string | null;
  /** Seconds the token is valid for, as the server said at sign-in. */
  expires_in: number;
  /** Date.now() of the last click, keypress, scroll or mousemove; 0 when signed out. */
  lastActivity: number;
}

export const emptyUser: UserDto = {
  _id: '',
  email: '',
  role: 'user',
  accountBalance: 0,
  hasSetTransactionPin: false,
  isVerified: false,
  status: '',
  isGoogleUser: false,
  firstName: '',
  lastName: '',
  phoneNumber: '',
  accountNumber: '',
  imageUrl: '',
  thumbnailUrl: '',
  originalImageUrl: '',
  isKYCVerified: false,
  gender: '',
  birthDate: '',
  accountDetails: null,
};

const signedOut: AuthState = {
  isAuthenticated: false,
  token: null,
  expires_in: 0,
  lastActivity: 0,
};

interface SessionState {
  user: UserDto;
  auth: AuthState;
  signIn: (user: UserDto, token: string, expiresIn: number) => void;
  setUser: (user: UserDto) => void;
  patchUser: (patch: Partial<UserDto>) => void;
  touch: () => void;
  signOut: () => void;
}

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      user: emptyUser,
      auth: signedOut,
      signIn: (user, token, expiresIn) => {
        clearIdleSignOutNotice();
        set({
          user: { ...emptyUser, ...user },
          auth: { isAuthenticated: true, token, expires_in: expiresIn, lastActivity: Date.now() },
        });
      },
      setUser: (user) => set({ user: { ...emptyUser, ...user } }),
      patchUser: (patch) => set((state) => ({ user: { ...state.user, ...patch } })),
      touch: () =>
        set((state) =>
          state.auth.isAuthenticated
            ? { auth: { ...state.auth, lastActivity: Date.now() } }
            : state,
        ),
      // Personal details leave the device on sign-out; the role stays so an admin's device
      // still shows the landing page's Login link (spec: "when the stored user role is admin").
      signOut: () =>
        set((state) => ({ auth: signedOut, user: { ...emptyUser, role: state.user.role } })),
    }),
    {
      name: 'root',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ user: state.user, auth: state.auth }),
    },
  ),
);

/** Admins may change things in the admin area; support staff only read it. */
export const isAdmin = (user: Pick<UserDto, 'role'>) => user.role === 'admin';
/** Who may open the admin area: admins, and read-only support staff. */
export const isStaff = (user: Pick<UserDto, 'role'>) =>
  user.role === 'admin' || user.role === 'support';

configureApiClient({
  getToken: () => useSession.getState().auth.token,
  onUnauthorized: (code) => {
    // The server's idle timeout or the session's lifetime (decision 0049): the sign-in screens
    // say why.
    if (code === 'SESSION_IDLE') noteSignOut('idle');
    if (code === 'SESSION_EXPIRED') noteSignOut('expired');
    useSession.getState().signOut();
  },
});
