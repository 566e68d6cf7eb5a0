// remote-kit/ui: the design system's components (issue 10). Each uses only the shell's tokens (shell/src/styles/tokens.css)
// and takes every user-visible text as a prop.
export { Badge, type Tone } from './Badge';
export { Button, ButtonLink, type ButtonLinkProps, type ButtonProps, type ButtonSize, type ButtonVariant } from './Button';
export { Card, type CardProps } from './Card';
export { Checkbox, type CheckboxProps } from './Checkbox';
export { CopyButton, type CopyButtonProps } from './CopyButton';
export { Dialog, type DialogProps } from './Dialog';
export { LineIcon, type LineIconProps } from './LineIcon';
export { LiveRegion, type LiveRegionProps } from './LiveRegion';
export { StaticPage, pageStyles } from './PageFrame';
export { RedirectModal, type RedirectModalProps } from './RedirectModal';
export { QrCode, type QrCodeProps, type QrCodeSize } from './QrCode';
export { Select, type SelectOption, type SelectProps } from './Select';
export { SidebarLayout, type SidebarLayoutProps } from './SidebarLayout';
export { Skeleton, type SkeletonProps } from './Skeleton';
export { Spinner, type SpinnerProps } from './Spinner';
export { Stepper, type StepperProps, type StepperStep } from './Stepper';
export { Table, type TableColumn, type TableProps, type TableRow } from './Table';
export { type TabItem, type TabLinkProps, Tabs, type TabsProps } from './Tabs';
export { TextField, type TextFieldProps } from './TextField';
export { Toast, type ToastProps } from './Toast';
export { UploadField, type UploadFieldProps } from './UploadField';
export { VisuallyHidden } from './VisuallyHidden';
export { LegalLinks } from './LegalLinks';
export { proseClass } from './prose';
export { textStyles } from './text';
