import { Button } from 'antd';
import { CARD_FREEZE_ACCESS, CARD_SELL_ACCESS, mayUse, type CardState } from '@checkup/api-contract';
import { useUserInfo } from '../../../session/api/get-user-info';
import type { CardAction } from './card-action-dialog';

/** The actions a card in this state offers to this account (its button permissions). */
export function useCardActions() {
  const roleMenu = useUserInfo().data?.role_menu ?? [];
  const maySell = mayUse(CARD_SELL_ACCESS, roleMenu);
  const mayFreeze = mayUse(CARD_FREEZE_ACCESS, roleMenu);
  return (card: { state: CardState; rechargeable: boolean }): CardAction[] => {
    const actions: CardAction[] = [];
    if (maySell && card.state === '未售') actions.push('sell');
    if (maySell && card.state === '已售' && card.rechargeable) actions.push('recharge');
    if (mayFreeze && (card.state === '未售' || card.state === '已售')) actions.push('freeze');
    if (mayFreeze && card.state === '已冻结') actions.push('unfreeze');
    if (mayFreeze && card.state !== '已作废') actions.push('void');
    return actions;
  };
}

const LABELS: Record<CardAction, string> = {
  sell: '售卡',
  recharge: '充值',
  freeze: '冻结',
  unfreeze: '解冻',
  void: '作废',
};

export function CardActionButtons(props: {
  actions: CardAction[];
  onAction(action: CardAction): void;
  size?: 'small';
}) {
  return props.actions.map((a) => (
    <Button
      key={a}
      type={props.size ? 'link' : 'default'}
      size={props.size}
      danger={a === 'void'}
      onClick={() => props.onAction(a)}
    >
      {LABELS[a]}
    </Button>
  ));
}
