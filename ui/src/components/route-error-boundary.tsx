import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { ErrorPage } from './error-page.tsx';

interface BoundaryProps {
  children: ReactNode;
  /** A new location clears the error, so navigating away recovers. */
  location: string;
  onBackHome: () => void;
}

interface BoundaryState {
  error: unknown;
  location: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location !== state.location ? { error: null, location: props.location } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Route failed to render', error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return (
        <ErrorPage
          onBackHome={() => {
            this.setState({ error: null });
            this.props.onBackHome();
          }}
        />
      );
    }
    return this.props.children;
  }
}

/** Catches what a route throws (render errors, chunks that fail to load) and shows the error page. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const [location, navigate] = useLocation();
  return (
    <Boundary location={location} onBackHome={() => navigate('/')}>
      {children}
    </Boundary>
  );
}
