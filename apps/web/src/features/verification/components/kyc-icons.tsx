import { Icon, type IconProps } from '../../../components/icons';

/** An identity card (NIN). */
export const IdCardIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <circle cx="9" cy="11" r="2" />
    <path d="M6 16c.6-1.3 1.7-2 3-2s2.4.7 3 2M14.5 10H18M14.5 13.5H17" />
  </Icon>
);

/** A bank card with a fingerprint-like mark (BVN). */
export const BvnIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 9.5h18M7 15h4M15 15h2" />
  </Icon>
);
