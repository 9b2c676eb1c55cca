export { ProfilePanelBody, type ProfileSlots } from './components/profile-panel-body';
export { UserCreateBody } from './components/user-create-body';
