import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { NotFound } from '../components/not-found.tsx';
import { PublicLayout } from '../components/public-layout.tsx';
import { RequireAuth } from '../components/require-auth.tsx';
import { RouteErrorBoundary } from '../components/route-error-boundary.tsx';
import { Spinner } from '../components/spinner.tsx';
import { HomeRoute } from '../features/home/routes/home-route.tsx';
import { preloadIdentity } from '../lib/auth.tsx';
import { preloadableRoute, type LandingPreparation } from './landing-route.ts';

// The landing page ships in the entry chunk; every other route is its own chunk.
const apartments = preloadableRoute(() => import('../features/apartments/routes/apartments-route.tsx'));
const ApartmentsRoute = apartments.Route;
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

/** The code of the landing pages split off the entry, loaded before a page drawn on the server is taken over. */
export const landingModules: Readonly<Record<string, () => Promise<void>>> = {
  '/apartment': apartments.preload,
};

/**
 * The pages a visitor lands on whose code is split off the entry, and what their first render
 * needs (main.tsx prepares them before it): the listing's code and its page of apartments.
 */
export const landingPreparations: Readonly<Record<string, LandingPreparation>> = {
  '/apartment': async (queryClient, search) => {
    const [{ apartmentsQueryOptions, pageFromSearch }] = await Promise.all([
      import('../features/apartments/api/get-apartments.ts'),
      apartments.preload(),
    ]);
    await queryClient.prefetchQuery(apartmentsQueryOptions(pageFromSearch(new URLSearchParams(search))));
  },
};

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
