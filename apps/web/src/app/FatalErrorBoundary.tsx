import { Component, useEffect, useState, type ReactNode } from 'react';
import { ApiError, hasApiStatus } from '../lib/api';
import { GenericErrorView } from './pages/ErrorPage';
import { isChunkLoadError } from './lazy';

/** 401/403 are handled by the session (sign-out and sign-in); they never show the error page. */
function isSessionError(error: unknown): boolean {
  return hasApiStatus(error, 'UNAUTHENTICATED') || hasApiStatus(error, 'FORBIDDEN');
}

/**
 * Fatal errors: a render error outside the router's error boundary, or an unhandled
 * error or rejection anywhere, replaces the page with the error page.
 */
export class FatalErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    // A 401/403 during render: the session layer signs out and reloads the view.
    if (isSessionError(this.state.error)) return null;
    if (this.state.error !== undefined) return <GenericErrorView />;
    return <UnhandledErrorListener>{this.props.children}</UnhandledErrorListener>;
  }
}

function UnhandledErrorListener({ children }: { children: ReactNode }) {
  const [fatal, setFatal] = useState(false);
  useEffect(() => {
    const onError = (event: ErrorEvent) => {
      // Resource loading errors and browser noise have no error object.
      if (event.error instanceof Error && !isSessionError(event.error)) setFatal(true);
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      const reason: unknown = event.reason;
      if (isSessionError(reason) || isChunkLoadError(reason)) return;
      if (reason instanceof Error && !(reason instanceof ApiError) && reason.name !== 'AbortError') setFatal(true);
    };
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
  return fatal ? <GenericErrorView /> : children;
}
