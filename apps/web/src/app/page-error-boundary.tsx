import { Button, Center } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { EmptyState } from '../ui/empty-state';

type Props = { pathname: string; children: ReactNode };
type State = { failed: boolean; pathname: string };

/**
 * A screen that failed to render, most often because its code could not be loaded (a release replaced
 * the chunk an open tab asks for, or the network dropped): said, with a reload, instead of an empty
 * window. React logs the error itself. Going to another address (`pathname`) tries again; the screens
 * inside are not remounted on a navigation that did not follow a failure.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.pathname === state.pathname) return null;
    return { failed: false, pathname: props.pathname };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Center mih="100dvh">
        <EmptyState
          text="The page could not be loaded"
          hint="Reload it; if that does not help, try again in a few minutes."
          action={<Button onClick={() => window.location.reload()}>Reload</Button>}
        />
      </Center>
    );
  }
}
