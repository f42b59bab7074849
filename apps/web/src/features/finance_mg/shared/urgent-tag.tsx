import { Tag } from 'antd';

/** 加急 as both lists show it. */
export const UrgentTag = ({ urgent }: { urgent: boolean }) => (urgent ? <Tag color="red">加急</Tag> : null);
