// The stylesheets of the shared components, loaded with the first page (main.tsx and
// play-main.tsx) as well as by each component. A feature sheet refines a component with
// one class of the same specificity (`.wallet-form__submit` on a Button), so the
// component's sheet must come first in the cascade whichever lazy chunk arrives first.
import './Breadcrumbs.css';
import './Button.css';
import './EmptyState.css';
import './ErrorState.css';
import './IconButton.css';
import './PageHeader.css';
import './Skeleton.css';
import './Tabs.css';
// Layout classes without a component (card heads, stacked lists, button rows, notes,
// panels); the pages that use them import the sheet as well.
import './layout.css';
// Form controls; some account pages still draw a control's markup without the component
// (the security page's checkbox), so their look must not wait for the component's chunk.
import './FieldShell.css';
import './Input.css';
import './Select.css';
import './Checkbox.css';
