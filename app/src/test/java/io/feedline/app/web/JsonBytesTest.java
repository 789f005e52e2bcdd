package io.feedline.app.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonBytesTest {
    private final ObjectMapper mapper = new ObjectMapper();

    private static byte[] utf8(String json) {
        return json.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void anArrayHoldsEachItemAsItWasGivenInOrder() throws Exception {
        byte[] array = JsonBytes.array(List.of(utf8("{\"a\":1}"), utf8("\"é\""), utf8("[2,3]")));

        assertThat(new String(array, StandardCharsets.UTF_8)).isEqualTo("[{\"a\":1},\"é\",[2,3]]");
        assertThat(mapper.readTree(array).size()).isEqualTo(3);
        assertThat(new String(JsonBytes.array(List.of()), StandardCharsets.UTF_8)).isEqualTo("[]");
    }

    @Test
    void aQuotedStringReadsBackAsItself() throws Exception {
        for (String value : List.of("plain", "with \"quotes\", a \\ and a\nline", "ünïcødé", "")) {
            assertThat(mapper.readValue(JsonBytes.utf8(JsonBytes.quoted(value)), String.class)).isEqualTo(value);
        }
    }
}
