import { Component, type ReactNode } from "react";
import { reportError } from "../error-reporting/report";

interface Props {
  /** The page's location: when it changes, a failed page is tried again. */
  location: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
  location: string;
}

/**
 * A page that fails to load (its code could not be downloaded, e.g. after a deployment) or to
 * render: the header and footer stay, the page's place says so and offers to reload. Another
 * location is tried afresh (without remounting the pages that stay, like the simulation layout).
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, location: this.props.location };

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.location === state.location ? null : { failed: false, location: props.location };
  }

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    reportError(error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="fr-container fr-py-6w">
        <h1 tabIndex={-1}>Une erreur est survenue</h1>
        <p role="alert">
          La page n’a pas pu être affichée. Vérifiez votre connexion à Internet, puis{" "}
          <a href={window.location.href}>rechargez la page</a>.
        </p>
      </div>
    );
  }
}
