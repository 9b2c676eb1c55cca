export { Bone, type BoneProps } from './bone';
export { BrandMark } from './brand-mark';
export { CompanyLogo, type CompanyLogoProps } from './company-logo';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { copyLink } from './copy-link';
export {
  clearDependents,
  DropdownSelect,
  type DropdownSelectProps,
  type SelectOption,
  type SelectValue,
} from './dropdown-select';
export { EmptyState, type EmptyStateProps } from './empty-state';
export { FeedLinkModal, type FeedLinkModalProps } from './feed-link-modal';
export { LabelledPagination, type LabelledPaginationProps } from './labelled-pagination';
export { LoadMore } from './load-more';
export { PageLoader } from './page-loader';
export { SegmentedControl, type SegmentedControlProps, type SegmentedItem } from './segmented-control';
export { SkeletonRows, type SkeletonRowsProps } from './skeleton-rows';
export { TemplateIcon, templateIcon } from './template-icon';
export { statusColor, UserAvatar, type UserAvatarProps } from './user-avatar';
export { VisuallyHidden } from './visually-hidden';
