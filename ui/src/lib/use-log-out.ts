import toast from 'react-hot-toast';
import { i18next } from '../i18n/i18n.ts';
import { errorMessage } from './error-message.ts';
import { useAuth } from './auth.tsx';

/** Logs out and says so in a toast (or says why it could not). */
export function useLogOut() {
  const { logOut } = useAuth();
  return async () => {
    try {
      await logOut();
      toast.success(i18next.t('common.loggedOut'));
    } catch (error) {
      toast.error(errorMessage(error, i18next.t('common.couldNotLogOut')));
    }
  };
}
