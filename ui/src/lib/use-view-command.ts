import { useMutation, useQueryClient } from '@tanstack/react-query';
import { viewKey, type ViewName } from './view-keys.ts';

/**
 * A command whose success refreshes the views it changes (read at the position it answered, so
 * the screen shows what was just written), as a mutation.
 */
export function useViewCommand<Input, Output>(
  send: (input: Input) => Promise<Output>,
  views: readonly ViewName[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      Promise.all(views.map((view) => queryClient.invalidateQueries({ queryKey: viewKey(view) }))),
  });
}
