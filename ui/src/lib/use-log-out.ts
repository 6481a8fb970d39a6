import toast from 'react-hot-toast';
import { useAuth } from './auth.tsx';

/** Logs out and says so in a toast (or says why it could not). */
export function useLogOut() {
  const { logOut } = useAuth();
  return async () => {
    try {
      await logOut();
      toast.success('Logged out');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not log out');
    }
  };
}
