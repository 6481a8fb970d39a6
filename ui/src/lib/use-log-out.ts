import toast from 'react-hot-toast';
import { errorMessage } from './error-message.ts';
import { useAuth } from './auth.tsx';

/** Logs out and says so in a toast (or says why it could not). */
export function useLogOut() {
  const { logOut } = useAuth();
  return async () => {
    try {
      await logOut();
      toast.success('Logged out');
    } catch (error) {
      toast.error(errorMessage(error, 'Could not log out'));
    }
  };
}
