import { AllotPage } from './allot-page';

/** 初审分配 (exam_mg/review_allot/first_review_allot). */
export const FirstReviewAllot = () => <AllotPage step="first" />;

/** 主审分配 (exam_mg/review_allot/second_review_allot). */
export const SecondReviewAllot = () => <AllotPage step="main" />;

/** 终审分配 (exam_mg/review_allot/last_review_allot). */
export const LastReviewAllot = () => <AllotPage step="final" />;
