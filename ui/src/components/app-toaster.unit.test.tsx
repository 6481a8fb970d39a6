import { act, render, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import { AppToaster } from './app-toaster.tsx';

describe('toaster', () => {
  // The app passes no limit (20, which react-hot-toast also caps at): a smaller one shows the rule.
  it('keeps at most `limit` toasts, dismissing the oldest', async () => {
    render(<AppToaster limit={3} />);
    act(() => {
      for (let i = 1; i <= 5; i += 1) toast(`Message ${i}`);
    });
    // Dismissed toasts leave after the 1 s removal delay.
    await waitFor(() => expect(screen.getAllByRole('status')).toHaveLength(3), { timeout: 4000 });
    expect(screen.queryByText('Message 2')).toBeNull();
    expect(screen.getByText('Message 3')).toBeInTheDocument();
    expect(screen.getByText('Message 5')).toBeInTheDocument();
    act(() => toast.remove());
  });
});
