// The desk's guide-sheet printing lives in lib/desk-print (团检登记名单's 批量打印 prints the same way).
export * from '../../../../lib/desk-print/print-guide-sheet';
