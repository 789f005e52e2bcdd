package io.feedline.ports.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every id is a ULID: 26 Crockford base-32 characters, the first at most 7. */
class IdsTest {

    @ParameterizedTest
    @ValueSource(strings = {"01JD0000000000000000000000", "7ZZZZZZZZZZZZZZZZZZZZZZZZZ", "0123456789ABCDEFGHJKMNPQRS", "00TVWXYZ000000000000000000"})
    void aUlidIsAnId(String value) {
        assertThat(PostId.of(value).value()).isEqualTo(value);
        assertThat(UserId.of(value).value()).isEqualTo(value);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "", "01JD000000000000000000000", "01JD00000000000000000000000",
        "81JD0000000000000000000000", "01JD000000000000000000000I", "01JD000000000000000000000L",
        "01JD000000000000000000000O", "01JD000000000000000000000U", "01jd0000000000000000000000",
        "01JD00000000000000000000-0", "01JD00000000000000000000\u00e90"})
    void anythingElseIsRefusedNamingTheField(String value) {
        assertThatThrownBy(() -> PostId.of(value))
                .isInstanceOfSatisfying(FeedlineException.InvalidInput.class, e -> assertThat(e.field()).isEqualTo("postId"))
                .hasMessageContaining("is not a valid id");
    }
}
