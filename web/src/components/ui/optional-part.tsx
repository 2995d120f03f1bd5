import { Component, type ReactNode, Suspense } from 'react';

/**
 * A part of the shell that is a lazy chunk of its own (the footer, the user menu's entries, the
 * phone's search form; decision 024): nothing while its chunk loads, and nothing if the chunk cannot
 * load (offline, before the worker kept it) instead of the page's error screen. The next page load
 * tries again.
 */
export class OptionalPart extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}
