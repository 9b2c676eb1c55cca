import { Outlet } from 'react-router';
import { WorkflowsNav } from '../components/workflows-nav';
import classes from '../processes.module.css';

/** The processes screen (spec work side §2): the "Workflows" list, then the screen of its current entry. */
export function ProcessesLayout() {
  return (
    <div className={classes.layout}>
      <WorkflowsNav />
      <Outlet />
    </div>
  );
}
