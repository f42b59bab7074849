// The desk's barcode and payment-slip printing lives in lib/desk-print (团检登记名单's 批量打印 too).
export * from '../../../../lib/desk-print/print-desk-documents';
