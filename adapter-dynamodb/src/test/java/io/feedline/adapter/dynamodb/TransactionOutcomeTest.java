package io.feedline.adapter.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.model.FeedlineException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The one reading of a cancelled transaction that the follow graph, posts and likes share. */
class TransactionOutcomeTest {

    @Test
    void aCommittedTransactionIsTrue() {
        assertThat(TableAccess.Outcome.COMMITTED.committedUnlessFailed(0, "follow")).isTrue();
    }

    @Test
    void theGuardsFailedConditionMeansAlreadySo() {
        TableAccess.Outcome edgeExists = new TableAccess.Outcome(List.of("ConditionalCheckFailed", "None", "None"));
        TableAccess.Outcome likeMissing = new TableAccess.Outcome(List.of("None", "ConditionalCheckFailed"));

        assertThat(edgeExists.committedUnlessFailed(0, "follow")).isFalse();
        assertThat(likeMissing.committedUnlessFailed(1, "unlike")).isFalse();
    }

    @Test
    void anyOtherCancellationIsTheEngineFailingNamingThePatternAndReasons() {
        TableAccess.Outcome counterFailed = new TableAccess.Outcome(List.of("None", "ConditionalCheckFailed"));

        assertThatThrownBy(() -> counterFailed.committedUnlessFailed(0, "publish"))
                .isInstanceOfSatisfying(FeedlineException.StorageUnavailable.class, e -> {
                    assertThat(e.component()).isEqualTo("dynamodb");
                    assertThat(e.getMessage()).contains("publish").contains("ConditionalCheckFailed");
                });
    }
}
