/** 状態 of a 議案: 未採決 / 採決中 / 集計済, or its declared result 可決 / 否決 (議長裁決). */
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Motion } from './types';

export const MotionStatusChip = ({ motion }: { motion: Pick<Motion, 'status' | 'result' | 'chair_decision'> }) => {
  const translate = useTranslate();
  if (motion.status === 'declared' && motion.result) {
    const label = `${translate(`kaigi.motions.result.${motion.result}`)}${motion.chair_decision ? translate('kaigi.motions.chair_decided') : ''}`;
    return <Chip size="small" color={motion.result === 'adopted' ? 'success' : 'error'} label={label} />;
  }
  return (
    <Chip
      size="small"
      variant="outlined"
      color={motion.status === 'open' ? 'warning' : 'default'}
      label={translate(`kaigi.motions.status.${motion.status}`)}
    />
  );
};
