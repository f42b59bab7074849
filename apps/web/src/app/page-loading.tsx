import styles from './page-loading.module.css';

/** While a lazy page loads: plain markup, so the first route needs no antd (bench:web). */
export function PageLoading() {
  return (
    <div className={styles.wrap} role="status" aria-label="页面加载中">
      <span className={styles.spinner} />
    </div>
  );
}
