export { ProfilePanelBody } from './components/profile-panel-body';
export { UserCreateBody } from './components/user-create-body';
