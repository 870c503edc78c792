import { Component, lazy, Suspense, useMemo, useState, type ErrorInfo, type ReactNode } from 'react';
import { ErrorState, Spinner } from '@fragtbud/web';
import { loadRemoteApp, type ExposedModule } from './load-remote-app';
import type { RemoteName } from './remote-manifest';

export const REMOTE_LOAD_ERROR = 'Denne del af siden kunne ikke indlæses. Prøv igen senere.';

interface BoundaryProps {
  remote: RemoteName;
  onRetry: () => void;
  /** Shown under the error, e.g. a read-only version of what the remote adds actions to. */
  fallback?: ReactNode;
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
          {this.props.fallback}
        </div>
      );
    }
    return this.props.children;
  }
}

export interface RemoteAppProps<P> {
  remote: RemoteName;
  /** The exposed module to mount; `./App` unless a page mounts one of a remote's pieces. */
  module?: ExposedModule;
  props?: P;
  /** Shown beneath the Danish error when the remote cannot load. */
  fallback?: ReactNode;
}

/** Loads a remote's `./App` (or another exposed module) lazily, with a loading state and a Danish fallback. */
export function RemoteApp<P extends object>({ remote, module = 'App', props, fallback }: RemoteAppProps<P>) {
  const [attempt, setAttempt] = useState(0);
  const LazyApp = useMemo(
    () =>
      lazy(async () => {
        // The remote's own contract judges the props (it knows what this release needs), on every render: a prop
        // the shell gets wrong never reaches the remote.
        const { default: Remote, contract } = await loadRemoteApp<P>(remote, { afterFailure: attempt > 0, module });
        function CheckedRemote(remoteProps: P) {
          contract.assertProps(module, remoteProps);
          return <Remote {...remoteProps} />;
        }
        return { default: CheckedRemote };
      }),
    [remote, module, attempt],
  );
  return (
    <RemoteErrorBoundary remote={remote} fallback={fallback} onRetry={() => setAttempt((n) => n + 1)}>
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
