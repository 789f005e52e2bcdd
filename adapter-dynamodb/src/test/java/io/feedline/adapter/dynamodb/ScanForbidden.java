package io.feedline.adapter.dynamodb;

import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/** No access pattern may Scan (ADR-0001): any Scan the adapter sends fails the test that caused it. */
final class ScanForbidden implements ExecutionInterceptor {
    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        if (context.request() instanceof ScanRequest scan) {
            throw new AssertionError("the adapter sent a Scan of table " + scan.tableName());
        }
    }
}
