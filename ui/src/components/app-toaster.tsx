import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';

const maxVisibleToasts = 20;

/** Toasts as the spec sets them: top-center, gutter 8, 16px inset, at most 20 at once. */
export function AppToaster({ limit = maxVisibleToasts }: { limit?: number }) {
  const { toasts } = useToasterStore();

  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(limit) // newest first: dismiss the oldest beyond the limit
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts, limit]);

  return (
    <Toaster
      position="top-center"
      gutter={8}
      containerStyle={{ inset: 16 }}
      toastOptions={{
        removeDelay: 1000,
        blank: { duration: 4000 },
        error: { duration: 4000 },
        success: { duration: 2000 },
        loading: { duration: Infinity },
        custom: { duration: 4000 },
      }}
    />
  );
}
