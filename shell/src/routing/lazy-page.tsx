import { Suspense, use, type ComponentType } from 'react';
import { Spinner } from '@fragtbud/web';

/** A promise carrying its outcome where React's `use` looks for it, so a page loaded once renders without suspending. */
type TrackedPromise<T> = Promise<T> & { status?: 'fulfilled'; value?: T };

const preloads: Array<() => Promise<unknown>> = [];

/**
 * A page whose code is downloaded when its route is first shown, so the first load carries only the pages people
 * land on. `load` imports the page's module and picks its component.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loading: TrackedPromise<ComponentType<P>> | undefined;
  const preload = () => {
    if (!loading) {
      const promise: TrackedPromise<ComponentType<P>> = load().then((page) => {
        promise.status = 'fulfilled';
        promise.value = page;
        return page;
      });
      // A failed download is not kept: the next visit to the route tries again.
      promise.catch(() => (loading = undefined));
      loading = promise;
    }
    return loading;
  };
  preloads.push(preload);

  function Page(props: P) {
    const Loaded = use<ComponentType<P>>(preload() as Promise<ComponentType<P>>);
    return <Loaded {...props} />;
  }
  function LazyPage(props: P) {
    return (
      <Suspense fallback={<Spinner label="Indlæser…" />}>
        <Page {...props} />
      </Suspense>
    );
  }
  return LazyPage;
}

/** Loads every split page now (component tests render the route table without waiting for each page). */
export function preloadPages(): Promise<unknown> {
  return Promise.all(preloads.map((preload) => preload()));
}
