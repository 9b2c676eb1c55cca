export { UserTasks } from './components/user-tasks';
