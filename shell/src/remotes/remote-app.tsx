import { Component, lazy, Suspense, useMemo, useState, type ErrorInfo, type ReactNode } from 'react';
import { ErrorState, Spinner } from '@fragtbud/web';
import { loadRemoteApp } from './load-remote-app';
import type { RemoteName } from './remote-manifest';

export const REMOTE_LOAD_ERROR = 'Denne del af siden kunne ikke indlæses. Prøv igen senere.';

interface BoundaryProps {
  remote: RemoteName;
  onRetry: () => void;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
}

/** Keeps a failing remote (or manifest) inside its own box: header, footer and navigation keep working. */
class RemoteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`Remote ${this.props.remote} failed`, error, info.componentStack);
  }

  private readonly retry = () => {
    this.setState({ failed: false });
    this.props.onRetry();
  };

  override render() {
    if (this.state.failed) {
      return (
        <div className="remote-fallback">
          <ErrorState message={REMOTE_LOAD_ERROR} onRetry={this.retry} />
        </div>
      );
    }
    return this.props.children;
  }
}

export interface RemoteAppProps<P> {
  remote: RemoteName;
  props?: P;
}

/** Loads a remote's `./App` lazily, with a loading state and a Danish fallback when it cannot load. */
export function RemoteApp<P extends object>({ remote, props }: RemoteAppProps<P>) {
  const [attempt, setAttempt] = useState(0);
  const LazyApp = useMemo(
    () => lazy(() => loadRemoteApp<P>(remote, { afterFailure: attempt > 0 })),
    [remote, attempt],
  );
  return (
    <RemoteErrorBoundary remote={remote} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense
        fallback={
          <div className="remote-loading">
            <Spinner label="Indlæser…" />
          </div>
        }
      >
        <LazyApp {...(props ?? ({} as P))} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
