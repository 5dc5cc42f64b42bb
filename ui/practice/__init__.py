"""Practice: drills, generated questions, class quizzes and the score."""
