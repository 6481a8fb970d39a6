import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { NotFound } from '../components/not-found.tsx';
import { PublicLayout } from '../components/public-layout.tsx';
import { RequireAuth } from '../components/require-auth.tsx';
import { RouteErrorBoundary } from '../components/route-error-boundary.tsx';
import { Spinner } from '../components/spinner.tsx';
import { HomeRoute } from '../features/home/routes/home-route.tsx';
import { preloadIdentity } from '../lib/auth.tsx';

// The landing page ships in the entry chunk; every other route is its own chunk.
const ApartmentsRoute = lazy(() => import('../features/apartments/routes/apartments-route.tsx'));
// The sign-in pages fetch the identity SDK alongside their own chunk, not on the first click.
const LoginRoute = lazy(() => {
  preloadIdentity();
  return import('../features/auth/routes/login-route.tsx');
});
const SignUpRoute = lazy(() => {
  preloadIdentity();
  return import('../features/auth/routes/sign-up-route.tsx');
});
const DashboardRoute = lazy(() => import('./dashboard-routes.tsx'));

/** All routes of the app, in one place. Dashboard children are nested under /dashboard. */
export function AppRouter() {
  return (
    <RouteErrorBoundary>
      <Switch>
        <Route path="/dashboard" nest>
          <RequireAuth>
            <Suspense fallback={<Spinner />}>
              <DashboardRoute />
            </Suspense>
          </RequireAuth>
        </Route>
        <Route>
          <PublicLayout>
            <Suspense fallback={<Spinner />}>
              <Switch>
                <Route path="/" component={HomeRoute} />
                <Route path="/apartment" component={ApartmentsRoute} />
                <Route path="/login" component={LoginRoute} />
                <Route path="/signUp" component={SignUpRoute} />
                <Route component={NotFound} />
              </Switch>
            </Suspense>
          </PublicLayout>
        </Route>
      </Switch>
    </RouteErrorBoundary>
  );
}
